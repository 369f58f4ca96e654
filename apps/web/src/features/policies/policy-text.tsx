// A policy body: Markdown rendered by react-markdown into React elements (never innerHTML). Safe by
// construction: raw HTML in the text is left out (skipHtml; no rehype-raw), so no <script>, <iframe>,
// event-handler attribute or style can come from a policy; link addresses pass react-markdown's
// defaultUrlTransform, which drops javascript:, data: and every other scheme but http(s), mailto, tel and
// relative ones; images are not rendered at all (a policy needs none, and an outside image would tell a
// third party who reads it). Links open in a new tab without the opener or referrer.
import Box from '@mui/material/Box';
import Markdown, { type Components } from 'react-markdown';

const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

export function PolicyText({ body }: { body: string }) {
  return (
    <Box
      className="policy-text"
      sx={{
        fontSize: '0.875rem',
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& p': { my: 0, mb: 1.5 },
        '& h1, & h2, & h3, & h4, & h5, & h6': { fontWeight: 600, lineHeight: 1.3, mt: 2.5, mb: 1 },
        '& h1': { fontSize: '1.35rem' },
        '& h2': { fontSize: '1.2rem' },
        '& h3': { fontSize: '1.05rem' },
        '& h4, & h5, & h6': { fontSize: '0.95rem' },
        '& ul, & ol': { pl: 3, mt: 0, mb: 1.5 },
        '& li': { mb: 0.5 },
        '& a': { color: 'primary.main' },
        '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 2 },
        '& table': { borderCollapse: 'collapse', mb: 1.5 },
        '& > :first-of-type': { mt: 0 },
      }}
    >
      <Markdown skipHtml disallowedElements={['img']} unwrapDisallowed components={COMPONENTS}>
        {body}
      </Markdown>
    </Box>
  );
}
