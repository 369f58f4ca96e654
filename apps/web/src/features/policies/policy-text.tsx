// A policy body: plain text, one <p> per paragraph (blank lines), single line breaks kept.
// Rendered as text nodes only, so markup in a body is shown, never interpreted.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { policyParagraphs } from '@portal/shared/policies/policies.schemas';

export function PolicyText({ body }: { body: string }) {
  return (
    <Box>
      {policyParagraphs(body).map((p, i) => (
        <Typography
          key={i}
          variant="body2"
          component="p"
          sx={{ mb: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere', lineHeight: 1.7 }}
        >
          {p}
        </Typography>
      ))}
    </Box>
  );
}
