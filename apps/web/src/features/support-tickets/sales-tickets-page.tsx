// /sales/support-tickets: the rep opens and follows tickets for the working customer (the route sits
// behind the pick-a-retailer prompt, and is keyed by the customer so a switch starts it afresh).
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { StoreTickets } from './store-tickets';

export function SalesTicketsPage() {
  const customer = useAppSelector((s) => s.auth.selectedCustomer);
  if (!customer?.id) return null; // RequireCustomer shows the prompt first
  return (
    <>
      <PageTitle
        title="Support Tickets"
        subtitle={`Questions to the office for ${customer.C_CoName || customer.C_Name || customer.C_Number}, and their answers.`}
      />
      <StoreTickets scope={{ area: 'sales', customerId: customer.id }} title="Tickets" />
    </>
  );
}
