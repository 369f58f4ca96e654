// SQL of the contact module: stored contact requests and where their notice goes.
import type { DbOrTrx } from '../../db/database.ts';
import type { ContactRequestTable } from '../../db/schema.ts';

export async function insertContactRequest(db: DbOrTrx, row: ContactRequestTable): Promise<void> {
  await db.insertInto('contact_requests').values(row).execute();
}

/** The installation's distributor for the public form (the first one, as sign-up does). */
export function findDefaultDistributor(db: DbOrTrx) {
  return db
    .selectFrom('distributors')
    .select(['id', 'company_name', 'email'])
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}

export function findDistributorById(db: DbOrTrx, id: string) {
  return db.selectFrom('distributors').select(['id', 'company_name', 'email']).where('id', '=', id).executeTakeFirst();
}
