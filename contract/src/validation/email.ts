/**
 * An e-mail address where the server checks one outside a Yup form (an admin's account, the
 * shop's order e-mail, the order queue's search telling an e-mail from a name): something, one
 * `@`, a domain with a dot, no spaces. The forms use Yup's `.email()`, which accepts more.
 */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
