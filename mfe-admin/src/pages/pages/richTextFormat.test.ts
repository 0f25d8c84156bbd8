import { applyFormat } from './richTextFormat';

describe("the content editor's formatting", () => {
  it('wraps the selection in strong, em, h2 or h3 and keeps it selected inside the tags', () => {
    expect(applyFormat('We ship fast.', 8, 12, 'bold')).toEqual({
      text: 'We ship <strong>fast</strong>.',
      start: 16,
      end: 20,
    });
    expect(applyFormat('We ship fast.', 8, 12, 'italic').text).toBe('We ship <em>fast</em>.');
    expect(applyFormat('Fees', 0, 4, 'heading').text).toBe('<h2>Fees</h2>');
    expect(applyFormat('Fees', 0, 4, 'subheading').text).toBe('<h3>Fees</h3>');
  });

  it('puts the caret between empty tags when nothing is selected', () => {
    expect(applyFormat('ab', 1, 1, 'bold')).toEqual({ text: 'a<strong></strong>b', start: 9, end: 9 });
  });

  it('makes each selected line a list item, skipping blank lines', () => {
    expect(applyFormat('UAE\n\nLebanon', 0, 12, 'bulleted').text).toBe(
      '<ul>\n<li>UAE</li>\n<li>Lebanon</li>\n</ul>',
    );
    expect(applyFormat('', 0, 0, 'numbered')).toEqual({ text: '<ol>\n<li></li>\n</ol>', start: 5, end: 14 });
  });

  it('links the selection to the address given, escaping its quotes', () => {
    expect(applyFormat('Read the terms', 9, 14, 'link', ' https://shop.example/terms ').text).toBe(
      'Read the <a href="https://shop.example/terms">terms</a>',
    );
    expect(applyFormat('x', 0, 1, 'link', 'https://a.example/"onclick="y').text).toBe(
      '<a href="https://a.example/&quot;onclick=&quot;y">x</a>',
    );
  });
});
