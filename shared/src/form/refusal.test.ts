import { showAtFields } from './refusal';

describe('one message per refused submission', () => {
  it("puts the server's field messages at the form's fields and says the banner is not needed", () => {
    const set = jest.fn();
    const refusal = { message: 'Please check the form.', fields: { mobile: 'Mobile number is not valid' } };
    expect(showAtFields(refusal, ['first_name', 'mobile'], set)).toBe(true);
    expect(set).toHaveBeenCalledWith('mobile', 'Mobile number is not valid');
  });

  it('leaves the message to the banner when no field of the form is named', () => {
    const set = jest.fn();
    const refusal = { message: 'The account is locked.', fields: { account: 'locked' } };
    expect(showAtFields(refusal, ['first_name', 'mobile'], set)).toBe(false);
    expect(set).not.toHaveBeenCalled();
    expect(showAtFields({ message: 'Action failed', fields: {} }, ['mobile'], set)).toBe(false);
  });
});
