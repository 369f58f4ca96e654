// /sales/policies: the portal's policies (terms, privacy, software licence) as tabs. No policies
// API exists yet, so these are the same texts as the public legal pages.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { LEGAL_TEXTS, type LegalKind } from '../public/legal-texts';

const KINDS: LegalKind[] = ['terms', 'privacy', 'license'];

export function SalesPoliciesPage() {
  const [kind, setKind] = useState<LegalKind>('terms');
  const text = LEGAL_TEXTS[kind];
  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageTitle title="Policies" />
      <Tabs value={kind} onChange={(_e, v: LegalKind) => setKind(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Policies" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {KINDS.map((k) => (
          <Tab key={k} value={k} label={LEGAL_TEXTS[k].title} />
        ))}
      </Tabs>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="article" aria-label={text.title}>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
          Last updated {text.updated}
        </Typography>
        {text.sections.map((s) => (
          <Box key={s.heading} component="section" sx={{ mb: 2.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
              {s.heading}
            </Typography>
            {s.body.map((p) => (
              <Typography key={p.slice(0, 40)} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {p}
              </Typography>
            ))}
          </Box>
        ))}
      </Paper>
    </Box>
  );
}
