/** Texts of MESSAGES (../messages.ts) for sign-in, sign-up, questions, contact, search, listings and reviews. */

export const emailInvalid = 'Please enter a valid email address';
/** The wishlist and notify-me forms word the invalid e-mail differently. */
export const emailInvalidShort = 'Email must be a valid email address';
export const emailRequired = 'Please enter your email address';
export const emailRequiredShort = 'Please enter email address';
export const passwordRequired = 'Please enter your password';
export const firstNameRequired = 'Please enter your first name';
export const lastNameRequired = 'Please enter your last name';
export const choosePassword = 'Please choose your password';
export const passwordRule = 'Use 8-16 characters with one upper letters and at least one number';
export const retypePassword = 'Please retype your password';
export const passwordsDiffer = 'Your password and confirmation password do not match';
export const mobileRequired = 'Please enter your mobile number';
export const countryRequired = 'Please select your country';
export const genderRequired = 'Please select your gender';
export const emailExists = 'Email is already exist';
/** The server's text when a wishlist e-mail is already registered. */
export const wishlistEmailRegistered = 'Email registered';
export const signInFailed = 'Incorrect username or password. Please try again';
export const actionFailed = 'Action failed, please try again later.';
export const questionNameRequired = 'Please enter your name';
export const questionRequired = 'Please enter your question';
export const questionTooShort = 'Question must have at least 50 characters';
export const questionTooLong = "Question can't be longer than 200 characters";
export const contactNameRequired = 'Please enter your name';
export const contactMessageRequired = 'Please enter your inquiry';
export const contactMessageTooLong = "Message can't be longer than 300 characters";
export const ratingRequired = 'Please rate this product';
export const commentsRequired = 'Please enter your comments';
export const keywordRequired = 'Please enter value';
export const keywordTooShort = 'Please enter atlest 3 letters';
export const priceLessThanMax = 'Please enter a value less than max value';
export const priceMoreThanMin = 'Please enter a value more than min value';
export const listFailedTitle = 'OOPS! something went wrong!';
export const listFailedText = 'Please check your internet connection or refresh the page.';
export const noResults = 'No results found';
export const noMatching = 'No matching found!';
export const dealFinished = 'Deal is finished now!';
export const noReviews = 'Review(s) or rating(s) are not available for this item.';
