import { hashtagUrl, messagingAppUrl } from './messagingApp';

describe('messaging app links', () => {
  it('links the configured phone, digits only, with an optional prefilled message', () => {
    expect(messagingAppUrl('+971 50 123 4567')).toBe('https://wa.me/971501234567');
    expect(messagingAppUrl('+961 3-123456', 'Order GS-1001')).toBe(
      'https://wa.me/9613123456?text=Order%20GS-1001',
    );
    expect(messagingAppUrl('')).toBeNull();
  });

  it("links the hashtag's page, refusing anything that is not a hashtag", () => {
    expect(hashtagUrl('#GiftsThatSpeak')).toBe('https://www.instagram.com/explore/tags/GiftsThatSpeak/');
    expect(hashtagUrl('#a b')).toBeNull();
    expect(hashtagUrl('')).toBeNull();
  });
});
