import { MESSAGES } from '@shop/contract/validation/messages';
import { MemoryRouter } from '@shop/shared/router';
import { fireEvent, render, screen } from '@testing-library/react';
import { fail, installFakeApi, ok } from '../../test/fakeApi';
import { CONTACT_SUCCESS, ContactForm, ContactPage, whatsappLink } from './ContactPage';

function fill(name: string, email: string, message: string) {
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Your inquiry'), { target: { value: message } });
}
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('contact page', () => {
  it('asks for name, e-mail and inquiry with the spec messages', async () => {
    const backend = installFakeApi({});
    render(<ContactForm />);
    send();
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your inquiry')).toBeInTheDocument();
    expect(backend.calls).toHaveLength(0);
  });

  it('counts the inquiry against 300 characters and refuses a longer one', async () => {
    render(<ContactForm />);
    fill('Ann', 'ann@example.com', 'y'.repeat(301));
    expect(screen.getByText('301 / 300 Characters only')).toBeInTheDocument();
    send();
    expect(await screen.findByText("Message can't be longer than 300 characters")).toBeInTheDocument();
  });

  it('sends the inquiry and thanks the shopper', async () => {
    const backend = installFakeApi({ 'POST contact-us': { status: 201, body: { status: true, data: {} } } });
    render(<ContactForm />);
    fill('Ann', 'ann@example.com', 'Do you deliver to Beirut?');
    send();
    expect(await screen.findByRole('status')).toHaveTextContent(CONTACT_SUCCESS);
    expect(backend.callsTo('POST contact-us')[0]?.body).toEqual({
      full_name: 'Ann',
      email: 'ann@example.com',
      message: 'Do you deliver to Beirut?',
    });
    expect(screen.getByLabelText('Full name')).toHaveValue('');
  });

  it("says 'Action failed, please try again later.' when sending fails", async () => {
    installFakeApi({ 'POST contact-us': fail(500) });
    render(<ContactForm />);
    fill('Ann', 'ann@example.com', 'Do you deliver to Beirut?');
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.actionFailed);
  });

  it('shows phone, WhatsApp and e-mail from the contact page content', async () => {
    installFakeApi({
      'GET page-content/contact': ok({
        heading: 'Contact Us',
        content: '<p>We answer within a day.</p><script>window.hacked = true</script>',
        phone: '+971 4 123 4567',
        whatsapp: '+971 50 123 4567',
        email: 'care@shop.test',
      }),
    });
    render(
      <MemoryRouter>
        <ContactPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: '+971 50 123 4567' })).toHaveAttribute(
      'href',
      'https://wa.me/971501234567',
    );
    expect(screen.getByRole('link', { name: 'care@shop.test' })).toHaveAttribute(
      'href',
      'mailto:care@shop.test',
    );
    expect(screen.getByText('We answer within a day.')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(document.title).toContain('Contact Us');
  });

  it('builds wa.me links from digits only', () => {
    expect(whatsappLink('+961 (3) 123-456')).toBe('https://wa.me/9613123456');
  });
});
