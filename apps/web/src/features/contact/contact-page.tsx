// /contact-us: the public contact request form, sent to the distributor's office (POST /contact).
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { PageTitle } from '../../components/page-title';
import { PUBLIC_CONTACT_FORM } from './contact.api';
import { ContactForm } from './contact-form';

const EMPTY = { name: '', storeName: '', email: '', phone: '', message: '' };

export function ContactPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <PageTitle title="Contact Us" subtitle="Questions about an account, an order or becoming a customer? Send us a message." />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <ContactForm form={PUBLIC_CONTACT_FORM} defaults={EMPTY} withStoreName keepAfterSend={false} />
      </Paper>
    </Container>
  );
}
