// Plain-language texts of the public legal pages.
export type LegalKind = 'privacy' | 'terms' | 'license';

interface LegalText {
  title: string;
  updated: string;
  sections: { heading: string; body: string[] }[];
}

export const LEGAL_TEXTS: Record<LegalKind, LegalText> = {
  privacy: {
    title: 'Privacy Policy',
    updated: 'January 2026',
    sections: [
      {
        heading: 'What we collect',
        body: [
          'To run your account we keep your store and owner details, the email address and phone number you sign in with, your orders and your account balance with your distributor.',
          'When you sign in we record the device type, a device name, the IP address and the time, so you and your distributor can see where your account is signed in.',
        ],
      },
      {
        heading: 'How we use it',
        body: [
          'Your information is used to take and deliver your orders, to send you sign-in codes and order messages, and to keep your account secure. It is shared with your distributor and its sales representatives, and with no one else for marketing.',
        ],
      },
      {
        heading: 'Your choices',
        body: [
          'You can ask your distributor to correct or delete your details at any time. Order records may be kept as long as the law requires for invoices and taxes.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms & Conditions',
    updated: 'January 2026',
    sections: [
      {
        heading: 'Your account',
        body: [
          'Accounts are for stores approved by the distributor and for its staff. Keep your password and sign-in codes to yourself; orders placed from your account are treated as yours.',
        ],
      },
      {
        heading: 'Orders and prices',
        body: [
          'Prices, stock and limits shown are those your distributor sets for your store and may change before an order is confirmed. An order is confirmed when the distributor accepts it; quantities may be adjusted to what is in stock.',
          'Payment terms, delivery days and returns follow your agreement with the distributor.',
        ],
      },
      {
        heading: 'Use of the portal',
        body: [
          'Do not attempt to access other stores’ information, interfere with the service or use automated tools that place excessive load on it. Access may be suspended for misuse.',
        ],
      },
    ],
  },
  license: {
    title: 'Software License',
    updated: 'January 2026',
    sections: [
      {
        heading: 'License to use',
        body: [
          'Your distributor grants you a non-exclusive, non-transferable right to use this portal in a web browser for ordering from that distributor, for as long as your account is active.',
        ],
      },
      {
        heading: 'Restrictions',
        body: [
          'You may not copy, resell or reverse-engineer the portal, nor remove its notices. The catalogue data and images remain the property of the distributor and the product makers.',
        ],
      },
      {
        heading: 'Open-source components',
        body: [
          'The portal is built with open-source software, including React, Material UI, Redux Toolkit, Fastify and the Poppins typeface, each used under its own license (MIT, Apache 2.0 or the SIL Open Font License).',
        ],
      },
      {
        heading: 'No warranty',
        body: [
          'The portal is provided as is. Neither the distributor nor its suppliers are liable for indirect losses arising from its use.',
        ],
      },
    ],
  },
};
