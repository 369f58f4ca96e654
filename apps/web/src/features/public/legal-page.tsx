// /privacy-policy, /terms-conditions, /software-license: static texts.
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../components/page-title';
import { LEGAL_TEXTS, type LegalKind } from './legal-texts';

export function LegalPage({ kind }: { kind: LegalKind }) {
  const text = LEGAL_TEXTS[kind];
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <PageTitle title={text.title} subtitle={`Last updated ${text.updated}`} />
      {text.sections.map((s) => (
        <Box key={s.heading} component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {s.heading}
          </Typography>
          {s.body.map((p) => (
            <Typography key={p.slice(0, 40)} color="text.secondary" sx={{ mb: 1.5 }}>
              {p}
            </Typography>
          ))}
        </Box>
      ))}
    </Container>
  );
}
