/**
 * The customer-service channel is a messaging app (WhatsApp) reached by a phone number from the
 * startup configuration. The header's link, the floating chat button and (later) chat-message
 * checkout all build their link here.
 */

/** https://wa.me/<digits>[?text=…]; null when the configured phone holds no digits. */
export function messagingAppUrl(phone: string, message?: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 0) return null;
  const text = message ? `?text=${encodeURIComponent(message)}` : '';
  return `https://wa.me/${digits}${text}`;
}

/** The hashtag's page on the social network where the shop's followers share it. */
export function hashtagUrl(hashtag: string): string | null {
  const tag = hashtag.replace(/^#/, '').trim();
  if (!/^[\p{L}\p{N}_]+$/u.test(tag)) return null;
  return `https://www.instagram.com/explore/tags/${encodeURIComponent(tag)}/`;
}
