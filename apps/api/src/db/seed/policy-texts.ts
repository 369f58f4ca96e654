// Policy texts of the demo distributor (policies table), shown in the retailer, sales and
// distributor areas. Plain text with blank lines between paragraphs.
import type { PolicyTable } from '../schema.ts';

export const POLICY_TEXTS: readonly { kind: PolicyTable['kind']; title: string; body: string }[] = [
  {
    kind: 'terms',
    title: 'Terms and Conditions',
    body: `These terms apply to every order placed with Golden State Wholesale Distributors, Inc. ("Golden State") through the ordering portal, by a store's own staff or by a Golden State sales representative on the store's behalf.

1. Accounts. Orders are accepted only from approved retail accounts with a valid California seller's permit on file. You are responsible for everyone who signs in with your store's credentials and for keeping them confidential.

2. Prices. Prices shown in the portal are your account's current prices and may change without notice until an order is confirmed. Sales tax, California Redemption Value (CRV) and delivery charges are added as shown at checkout. Pre-priced (PP) items must be sold at or below the marked price.

3. Orders. An order is an offer to buy. It is accepted when Golden State confirms it. We may limit quantities, substitute an equivalent item with your consent, or cancel lines that are out of stock. Orders received after the 4:00 PM cut-off are delivered on the following route day.

4. Minimum order and limits. Your account may have a minimum order amount and per-item quantity limits. The portal applies them before an order is placed.

5. Delivery. Goods are delivered on your route day to the address on your account. Please check the delivery against the invoice in the driver's presence; shortages and visible damage must be noted on the invoice before signing.

6. Payment. Unless your account has other written terms, invoices are due on delivery or within the term shown on your statement. Past-due balances may place the account on hold. Returned checks are charged a $25.00 fee.

7. Age-restricted products. Tobacco accessories and certain other products may only be sold to customers of legal age. You are responsible for complying with every law that applies to their resale.

8. Changes. We may update these terms. The version shown in the portal when you place an order applies to that order.

Questions: office@goldenstate.demo.test or (916) 555-0100.`,
  },
  {
    kind: 'privacy',
    title: 'Privacy Policy',
    body: `Golden State Wholesale Distributors, Inc. respects the privacy of the stores we serve and of the people who use our ordering portal.

What we collect. Store and owner details you give us (business name, address, phone, e-mail, seller's permit), the users of your account, your orders and payments, and technical information about the devices used to sign in (device type and name, IP address, browser), which we keep to secure your account and to show you your signed-in devices.

How we use it. To take, deliver and invoice your orders; to manage your account and its balance; to send one-time sign-in codes, order updates and, if you agree, notices about promotions; to prevent fraud; and to meet our legal obligations.

Sharing. We share information only with service providers that help us run the portal and deliver orders (for example hosting, e-mail and SMS), under contracts that protect it, and with authorities when the law requires. We do not sell personal information.

Retention. Order and invoice records are kept for seven years for tax purposes. Sign-in sessions and one-time codes are deleted when they expire.

Your rights. California residents may ask to know, correct or delete their personal information, subject to our legal record-keeping duties. Write to privacy@goldenstate.demo.test.

Security. Passwords are stored hashed, and connections to the portal are encrypted. Tell us at once if you believe your account has been used without permission.`,
  },
  {
    kind: 'disclaimer',
    title: 'Disclaimer',
    body: `Product images in the portal are illustrations and may differ from the item delivered. Descriptions, sizes, pack counts and UPCs are provided by manufacturers and are believed accurate, but packaging changes without notice.

Stock levels shown are estimates at the time of viewing and are not a guarantee of availability. Promotions are valid only during their stated dates and while supplies last.

Suggested retail prices and pre-priced amounts are for guidance; you set your own shelf prices except where a manufacturer's pre-priced package requires otherwise.

Golden State Wholesale is not liable for losses arising from temporary unavailability of the portal. Orders can always be placed by phone at (916) 555-0100.`,
  },
  {
    kind: 'return',
    title: 'Return Policy',
    body: `Damaged or short items. Note any damage or shortage on the invoice when the driver delivers, and we will credit your account. Claims made after the driver leaves must reach us within 48 hours, with photos.

Wrong items. Items delivered in error are picked up on your next route day and credited in full.

Unsold product. Returns of unsold, saleable product in full unopened cases are accepted within 14 days of delivery with prior approval, subject to a 10% restocking fee. Seasonal, pre-priced and special-order items cannot be returned.

Expired product. Expired snacks, candy and beverages covered by a manufacturer's freshness program are exchanged under that program; ask your sales representative.

Credits appear on your account statement and are applied to your next invoice.`,
  },
  {
    kind: 'license',
    title: 'Licenses and Permits',
    body: `Golden State Wholesale Distributors, Inc. holds California Seller's Permit SR-KH-102-345678 and California Cigarette and Tobacco Products Distributor License CA-TD-48213, issued by the California Department of Tax and Fee Administration.

To buy taxable and age-restricted products from us, your store must keep on file with us a valid seller's permit and, for tobacco accessories, a current California Cigarette and Tobacco Products Retailer License. We cannot ship those products to an account whose license has lapsed.

CRV. As a registered beverage distributor we collect California Redemption Value on eligible beverage containers: 5 cents for containers under 24 ounces and 10 cents for 24 ounces or more, as shown on each invoice line.`,
  },
  {
    kind: 'software-license',
    title: 'Software License',
    body: `The Golden State ordering portal is licensed, not sold, to approved customer accounts for the sole purpose of ordering from Golden State Wholesale Distributors, Inc.

You may use the portal in a web browser on any number of your store's devices. You may not copy, modify, reverse engineer or resell it, nor use automated tools to extract its catalogue or prices, nor try to access other customers' information.

The portal is provided "as is". To the extent the law allows, Golden State disclaims all warranties and is not liable for indirect or consequential damages arising from its use.

This license ends when your account closes or if you breach these terms. The portal includes open-source components, each under its own license; their notices are available on request.`,
  },
];
