import { Box, Link } from '@mui/material';
import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation right after a link is not part of it. */
const TRAILING = /[.,;:!?)\]]+$/;

/** Text with its http(s) links made clickable (opened in a new tab). */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Link key={start} href={url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
        {url}
      </Link>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function looksLikeHtml(body: string): boolean {
  return /<(html|body|head|p|div|table|a|br|span|img)\b/i.test(body);
}

/**
 * An HTML e-mail shown as it would render, in a sandbox: no scripts, no access to this page; links
 * open in a new tab.
 */
export function HtmlBody({ html, title }: { html: string; title: string }) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={`<base target="_blank">${html}`}
      sx={{ width: '100%', height: 360, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    />
  );
}

export function TextBody({ text }: { text: string }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.8125rem',
        lineHeight: 1.6,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {linkify(text)}
    </Box>
  );
}
