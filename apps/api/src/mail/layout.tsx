import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';

/**
 * Every Reloop email has one shape: a heading, a few short paragraphs, one button to the place
 * in the app it is about, and a footer saying why it was sent (and, for a notice, how to stop
 * it). Written as React components and rendered to the email HTML mail programs accept (inline
 * styles, tables); the text part says the same from the same content.
 */
export interface EmailContent {
  /** The line mail programs show beside the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** Why this person got this email. */
  reason: string;
  /** For notices: where one click turns this kind of email off. */
  unsubscribeUrl?: string;
}

const brand = '#4f46e5';
const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 },
  container: {
    backgroundColor: '#ffffff',
    margin: '24px auto',
    padding: '32px',
    maxWidth: '560px',
  },
  logo: { color: brand, fontSize: '22px', fontWeight: 700, margin: '0 0 24px' },
  heading: { color: '#18181b', fontSize: '20px', margin: '0 0 16px' },
  text: { color: '#3f3f46', fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' },
  button: {
    backgroundColor: brand,
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  fallback: { color: '#71717a', fontSize: '13px', lineHeight: '20px', wordBreak: 'break-all' },
  footer: { color: '#71717a', fontSize: '12px', lineHeight: '18px', margin: '0' },
} as const;

function ReloopEmail({ content }: { content: EmailContent }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.logo}>Reloop</Text>
          <Heading as="h1" style={styles.heading}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((paragraph) => (
            <Text key={paragraph} style={styles.text}>
              {paragraph}
            </Text>
          ))}
          <Section style={{ margin: '24px 0' }}>
            <Button href={content.action.url} style={styles.button}>
              {content.action.label}
            </Button>
          </Section>
          <Text style={styles.fallback}>
            If the button does not work, open this link:{' '}
            <Link href={content.action.url}>{content.action.url}</Link>
          </Text>
          <Hr />
          <Text style={styles.footer}>{content.reason}</Text>
          {content.unsubscribeUrl ? (
            <Text style={styles.footer}>
              <Link href={content.unsubscribeUrl}>Stop these emails</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * Rendering with React costs about 1.5 ms of CPU an email, which a burst of notices would take
 * from the requests beside it. The layout is rendered once per shape (how many paragraphs,
 * whether it has an unsubscribe link) with a marked slot for each text, and each email fills
 * the slots with its texts, escaped as React escapes them.
 */
const SLOT = /\uE000(\w+)\uE001/g;
const slot = (name: string) => `\uE000${name}\uE001`;

const templates = new Map<string, Promise<string>>();

function templateFor(paragraphs: number, unsubscribe: boolean): Promise<string> {
  const shape = `${paragraphs}:${unsubscribe}`;
  let template = templates.get(shape);
  if (!template) {
    const slotted: EmailContent = {
      preview: slot('preview'),
      heading: slot('heading'),
      paragraphs: Array.from({ length: paragraphs }, (_, index) => slot(`p${index}`)),
      action: { label: slot('label'), url: slot('url') },
      reason: slot('reason'),
      ...(unsubscribe ? { unsubscribeUrl: slot('unsubscribeUrl') } : {}),
    };
    template = render(<ReloopEmail content={slotted} />);
    templates.set(shape, template);
  }
  return template;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** The HTML and text parts of an email. */
export async function renderEmail(content: EmailContent): Promise<{ html: string; text: string }> {
  const template = await templateFor(content.paragraphs.length, Boolean(content.unsubscribeUrl));
  const texts: Record<string, string> = {
    preview: content.preview,
    heading: content.heading,
    label: content.action.label,
    url: content.action.url,
    reason: content.reason,
    unsubscribeUrl: content.unsubscribeUrl ?? '',
    ...Object.fromEntries(content.paragraphs.map((paragraph, index) => [`p${index}`, paragraph])),
  };
  // One pass over the template: a text that happens to contain a slot's mark stays as it is.
  const html = template.replace(SLOT, (_, name: string) => escapeHtml(texts[name] ?? ''));
  const text = [
    content.heading,
    ...content.paragraphs,
    `${content.action.label}: ${content.action.url}`,
    '--',
    content.reason,
    ...(content.unsubscribeUrl ? [`Stop these emails: ${content.unsubscribeUrl}`] : []),
  ].join('\n\n');
  return { html, text: `${text}\n` };
}
