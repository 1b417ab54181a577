import { describe, expect, it } from 'vitest';
import { renderEmail, type EmailContent } from '../../src/mail/layout.tsx';

/**
 * The email layout is rendered once per shape and filled with each email's texts
 * (mail/layout.tsx): what a user wrote (a listing's name, a message) must arrive as text, never
 * as markup, and never fill another slot.
 */
const content = (overrides: Partial<EmailContent> = {}): EmailContent => ({
  preview: 'A preview',
  heading: 'New booking: ThinkPad',
  paragraphs: ['Ana booked ThinkPad for $500.00.'],
  action: { label: 'Open My Sales', url: 'https://reloop.example/dashboard/sales' },
  reason: 'You chose to hear about your bookings.',
  ...overrides,
});

describe('renderEmail', () => {
  it('escapes what users wrote, in the text and in links', async () => {
    const hostile = '<script>alert("x")</script> & <b>bold</b>';
    const { html, text } = await renderEmail(
      content({
        heading: `New booking: ${hostile}`,
        paragraphs: [`“${hostile}”`],
        action: { label: 'Open', url: 'https://reloop.example/a?b=1&c="2"' },
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold');
    expect(html).toContain('href="https://reloop.example/a?b=1&amp;c=&quot;2&quot;"');
    // The text part is plain text: said as written.
    expect(text).toContain(`New booking: ${hostile}`);
  });

  it('leaves a text that looks like a slot mark as it is', async () => {
    const mark = '\uE000heading\uE001';
    const { html } = await renderEmail(content({ paragraphs: [`before ${mark} after`] }));
    expect(html).toContain(`before ${mark} after`);
    expect(html.match(/New booking: ThinkPad/g)).toHaveLength(1);
  });

  it('renders each shape: any number of paragraphs, with and without an unsubscribe link', async () => {
    const three = await renderEmail(content({ paragraphs: ['one', 'two', 'three'] }));
    for (const paragraph of ['one', 'two', 'three']) expect(three.html).toContain(paragraph);
    expect(three.html).not.toContain('Stop these emails');
    const notice = await renderEmail(
      content({ unsubscribeUrl: 'https://reloop.example/unsubscribe?token=t' }),
    );
    expect(notice.html).toContain('href="https://reloop.example/unsubscribe?token=t"');
    expect(notice.text).toContain('Stop these emails: https://reloop.example/unsubscribe?token=t');
    expect(notice.text).toContain('Open My Sales: https://reloop.example/dashboard/sales');
  });
});
