import { describe, expect, it } from 'vitest';
import { quoteLines, replyHtml, replyQuote, textToHtml } from './reply-quote.ts';

const INTRO = 'On 27 Nov 2026, 10:00, Petra <petra@client.test> wrote:';
const noHtmlText = () => '';

describe('quoteLines', () => {
  it('puts "> " before each line and ">" on an empty one', () => {
    expect(quoteLines('Hello\r\n\r\nPrices?\n> earlier\n\n')).toBe('> Hello\n>\n> Prices?\n> > earlier');
  });
});

describe('replyQuote', () => {
  it('starts the box with room to write, then the intro and the quoted text', () => {
    const quote = replyQuote({ text: 'Hello\nPrices?', html: null, body_visible: true }, INTRO, noHtmlText);
    expect(quote?.prefill).toBe(`\n\n${INTRO}\n> Hello\n> Prices?`);
  });

  it("quotes an HTML-only message's text, and keeps merge fields of the original inert", () => {
    const quote = replyQuote(
      { text: null, html: '<p>Dear {{customer.name}}</p>', body_visible: true },
      INTRO,
      () => 'Dear {{customer.name}}',
    );
    expect(quote?.block).toBe(`${INTRO}\n> Dear {\u200b{customer.name}}`);
    expect(quote?.html).toBe('<p>Dear &#123;{customer.name}}</p>');
  });

  it('quotes nothing of a message whose body the reader may not see', () => {
    expect(replyQuote({ text: null, html: null, body_visible: false }, INTRO, noHtmlText)).toBeNull();
  });
});

describe('textToHtml', () => {
  it('escapes, keeps lines and turns quoted lines into nested blockquotes', () => {
    expect(textToHtml('Hi <b>\nthere\n\n> a & b\n> > deeper\nme')).toBe(
      '<p>Hi &lt;b&gt;<br>there</p><blockquote type="cite"><p>a &amp; b</p>' +
        '<blockquote type="cite"><p>deeper</p></blockquote></blockquote><p>me</p>',
    );
  });
});

describe('replyHtml', () => {
  const quote = replyQuote(
    { text: 'Prices?', html: '<p>Prices<b>?</b></p>', body_visible: true },
    INTRO,
    noHtmlText,
  );
  if (!quote) throw new Error('no quote');

  it("answers above the original's own HTML in a blockquote while the quote is untouched", () => {
    expect(replyHtml(`Here they are.${quote.prefill}`, quote)).toBe(
      '<p>Here they are.</p><p>On 27 Nov 2026, 10:00, Petra &lt;petra@client.test&gt; wrote:</p>' +
        '<blockquote type="cite"><p>Prices<b>?</b></p></blockquote>',
    );
  });

  it('falls back to the text when the writer edited the quote', () => {
    const edited = `Here.\n\n${INTRO}\n> Prices? (cut)`;
    expect(replyHtml(edited, quote)).toBe(textToHtml(edited));
    expect(replyHtml(edited, quote)).toContain('<blockquote type="cite"><p>Prices? (cut)</p></blockquote>');
  });
});
