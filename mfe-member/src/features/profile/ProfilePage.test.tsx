import { bus } from '@shop/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMemberArea } from '../../test/fakeBackend';
import { installProfile, NO_PROMPTS, omarProfile, refused } from './fakeProfile';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  jest.useRealTimers();
});

describe('/member/profile', () => {
  it('shows name, e-mail, mobile, country, gender, age group and alternate e-mail, and a prompt for each flag', async () => {
    installProfile({
      profile: omarProfile({ alternate_email: 'omar.k@example.org' }),
      stats: { ...NO_PROMPTS, interestsUpdatedRequired: true, passwordUpdatedRequired: true },
    });
    renderMemberArea('/member/profile');
    const overview = await screen.findByText('Omar Khan');
    const details = overview.closest('dl') as HTMLElement;
    for (const text of [
      'omar@example.com',
      '0501234567',
      'United Arab Emirates',
      'Male',
      '25-34',
      'omar.k@example.org',
    ])
      expect(details).toHaveTextContent(text);
    const prompts = within(screen.getByRole('list', { name: 'To do' }));
    expect(prompts.getAllByRole('listitem')).toHaveLength(2);
    expect(prompts.getByRole('link', { name: 'Choose your interests' })).toHaveAttribute(
      'href',
      '/member/profile/interests',
    );
    expect(prompts.getByRole('link', { name: 'Change your password' })).toHaveAttribute(
      'href',
      '/member/change-password',
    );
  });
});

describe('/member/profile/update', () => {
  it("shows the spec's messages for missing fields and an invalid mobile; the primary e-mail is read-only", async () => {
    const backend = installProfile({ profile: omarProfile({ mobile: null, gender: null, age_group: null }) });
    renderMemberArea('/member/profile/update');
    await screen.findByLabelText('First name *');
    expect(screen.getByText('omar@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Email/)).not.toBeInTheDocument();
    type('First name *', '');
    type('Last name *', ' ');
    type('Country *', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    for (const message of [
      'Please enter your first name',
      'Please enter your last name',
      'Please enter your mobile',
      'Please select your country',
      'Please select your gender',
      'Please select your age group',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    type('Mobile *', '12ab');
    expect(await screen.findByText('Mobile number is not valid')).toBeInTheDocument();
    expect(backend.bodiesTo('POST buyers/update/3')).toHaveLength(0);
  });

  it("saves through buyers/update/{id} and asks auth to keep the session user in step ('session.updateUser')", async () => {
    const asked = jest.fn();
    const off = bus.handle('session.updateUser', asked);
    const backend = installProfile();
    renderMemberArea('/member/profile/update');
    await screen.findByLabelText('First name *');
    type('First name *', 'Omer');
    type('Age group *', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your profile is updated.');
    expect(backend.bodiesTo('POST buyers/update/3')).toEqual([
      {
        first_name: 'Omer',
        last_name: 'Khan',
        mobile: '0501234567',
        country_id: 1,
        gender: 'Male',
        age_group: 1,
      },
    ]);
    // auth merges the profile into the session user and keeps its token (auth's AuthModals tests).
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(asked.mock.calls[0]?.[0]).toMatchObject({ profile: { id: 3, first_name: 'Omer' } });
    off();
  });
});

describe('/member/profile/interests', () => {
  it("asks for at least one option in each form ('Select at-least one option'), then thanks the member", async () => {
    const backend = installProfile();
    renderMemberArea('/member/profile/interests');
    const interests = within(await screen.findByRole('form', { name: 'What interests you?' }));
    const sources = within(await screen.findByRole('form', { name: 'How did you hear about us?' }));
    fireEvent.click(interests.getByLabelText('Flowers'));
    fireEvent.click(interests.getByRole('button', { name: 'Save' }));
    expect(await interests.findByText('Select at-least one option')).toBeInTheDocument();
    fireEvent.click(sources.getByLabelText('Instagram'));
    fireEvent.click(sources.getByRole('button', { name: 'Save' }));
    expect(await sources.findByText('Select at-least one option')).toBeInTheDocument();
    expect(backend.bodiesTo('POST buyers/update-interests')).toHaveLength(0);

    fireEvent.click(interests.getByLabelText('Chocolates'));
    fireEvent.click(interests.getByRole('button', { name: 'Save' }));
    expect(await interests.findByRole('status')).toHaveTextContent('Thank you to let us know your interest');
    expect(backend.bodiesTo('POST buyers/update-interests')).toEqual([{ interests: [2] }]);
    fireEvent.click(sources.getByLabelText('A friend'));
    fireEvent.click(sources.getByRole('button', { name: 'Save' }));
    expect(await sources.findByRole('status')).toHaveTextContent('Thank you to let us know your interest');
    expect(backend.bodiesTo('POST buyers/update-hear-about-us')).toEqual([{ options: [1] }]);
  });
});

describe('/member/profile/alternate-email', () => {
  it("is optional, but must be valid when given ('Please enter a valid email address.')", async () => {
    const backend = installProfile();
    renderMemberArea('/member/profile/alternate-email');
    await screen.findByLabelText('Alternate email');
    type('Alternate email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    type('Alternate email', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your alternate email is removed.');
    expect(backend.bodiesTo('POST buyers/update-alternate-email')).toEqual([{ alternate_email: null }]);
  });
});

describe('/member/change-password', () => {
  const fill = (old: string, next: string, confirm: string) => {
    type('Old password *', old);
    type('New password *', next);
    type('Confirm new password *', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it("shows the spec's messages for the three fields", async () => {
    installProfile();
    renderMemberArea('/member/change-password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter your old password')).toBeInTheDocument();
    expect(screen.getByText('Please enter your new password')).toBeInTheDocument();
    expect(screen.getByText('Please retype your password')).toBeInTheDocument();
    fill('old', 'weak', 'other');
    expect(await screen.findByText('Please select a strong password')).toBeInTheDocument();
    expect(screen.getByText('Your new password and confirmation password do not match')).toBeInTheDocument();
  });

  it("shows the server's failure text for 5 s", async () => {
    jest.useFakeTimers();
    installProfile(
      {},
      {
        'POST buyers/change-password': () =>
          refused(422, 'OLD_PASSWORD_WRONG', 'Your old password is incorrect', {
            old_password: 'Your old password is incorrect',
          }),
      },
    );
    renderMemberArea('/member/change-password');
    fill('Wrong1234', 'Better1234', 'Better1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your old password is incorrect');
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the password is changed and that other devices are signed out', async () => {
    const backend = installProfile();
    renderMemberArea('/member/change-password');
    fill('Old12345', 'Better1234', 'Better1234');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Your password has been changed successfully');
    expect(status).toHaveTextContent('other devices you are signed out');
    expect(backend.bodiesTo('POST buyers/change-password')).toEqual([
      { old_password: 'Old12345', new_password: 'Better1234', confirm_password: 'Better1234' },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Old password *')).toHaveValue(''));
  });
});
