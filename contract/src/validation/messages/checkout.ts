/** Texts of MESSAGES (../messages.ts) for checkout (spec 001 §2.3, §5, §8): the two address texts are the spec's, the others follow them. */

export const addressFirstNameRequired = "Please enter receiver's first name";
export const addressLastNameRequired = "Please enter receiver's last name";
export const addressEmailRequired = "Please enter receiver's email address";
export const addressMobileRequired = "Please enter receiver's mobile number";
export const addressCountryRequired = "Please select receiver's country";
export const addressCityRequired = "Please enter receiver's city";
export const addressRequired = "Please enter receiver's full address";
export const addressTooLong = "Address can't be longer than 500 characters";
export const guestNameRequired = 'Please enter your name';
export const mobileIncomplete = 'Please enter your complete mobile number';
export const paymentMethodRequired = 'Please select a payment method';
export const orderReceived = 'Your order has been received and will be processed soon.';
