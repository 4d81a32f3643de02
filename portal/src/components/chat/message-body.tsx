import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { linkify } from './linkify';

/**
 * A message's text. Everything is rendered as React text (escaped), except http(s) URLs, which
 * become links that open in a new tab without access to this page. No HTML is ever parsed.
 */
export function MessageBody({ body }: { body: string }) {
  const parts = useMemo(() => linkify(body), [body]);
  return (
    <>
      {parts.map((part, index) =>
        part.type === 'link' ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never move.
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            color="inherit"
            sx={{ textDecorationColor: 'currentColor' }}
          >
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never move.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
