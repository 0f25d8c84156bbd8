import { HOME_CONTENT_MESSAGES, homeLinkProblem } from './homeContent';

describe('homeLinkProblem', () => {
  it.each([
    '/',
    '/products?type=flowers&sort=low-to-high',
    '/product/rose-mug#reviews',
    'https://gifts.example/eid',
    'HTTP://gifts.example',
  ])('takes a shop path or an http(s) address: %s', (link) => {
    expect(homeLinkProblem(link)).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    'products',
    'https://',
    'ftp://files.example/a',
    '/products?q=two words',
    '/\\evil.example',
    `/${'x'.repeat(500)}`,
    '',
  ])('refuses anything else, with the reason: %s', (link) => {
    expect(homeLinkProblem(link)).toBe(HOME_CONTENT_MESSAGES.link);
  });
});
