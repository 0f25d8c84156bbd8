import { isVideoEmbedUrl } from './videoEmbed';

describe('isVideoEmbedUrl', () => {
  it('accepts the YouTube embed addresses the storefront may frame', () => {
    expect(isVideoEmbedUrl('https://www.youtube.com/embed/aqz-KE-bpKQ')).toBe(true);
    expect(isVideoEmbedUrl('https://www.youtube-nocookie.com/embed/ScMzIvxBSi4?start=30')).toBe(true);
  });

  it('refuses every other address: other hosts, plain http, watch pages, look-alike hosts, credentials', () => {
    for (const address of [
      'https://vimeo.com/embed/123',
      'http://www.youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube.com.evil.example/embed/aqz-KE-bpKQ',
      'https://user@www.youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube.com/embed/aqz-KE-bpKQ/../../x',
      'https://www.youtube.com/embed/',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect([address, isVideoEmbedUrl(address)]).toEqual([address, false]);
    }
  });
});
