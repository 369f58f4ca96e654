// Contact requests to the distributor's office: POST /contact (public /contact-us form) and
// POST /retailer/contact (a signed-in retailer's message). Both forms go through the form
// submission store (spec §4: pending, fulfilled with `Form submitted successfully!`, rejected with
// `Failed to submit form. Please try again later.`): importing this module registers their senders.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { ContactRequestBody, ContactSent } from '@portal/shared/contact/contact.schemas';
import { api, errorMessage } from '../../lib/api';
import {
  FORM_SUBMIT_FAILED,
  FormRefused,
  setFormSender,
  type FormSender,
  type SubmittedForm,
} from '../form-submission/form-submission.slice';

/** Names of the two forms in the form submission store. */
export const PUBLIC_CONTACT_FORM = 'contact';
export const RETAILER_CONTACT_FORM = 'retailer-contact';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactRequest: build.mutation<SuccessEnvelope<ContactSent>, ContactRequestBody>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
    sendRetailerMessage: build.mutation<SuccessEnvelope<ContactSent>, ContactRequestBody>({
      query: (body) => ({ url: '/retailer/contact', method: 'POST', body }),
    }),
  }),
});

type ContactEndpoint = typeof contactApi.endpoints.sendContactRequest | typeof contactApi.endpoints.sendRetailerMessage;

/** The request body of a stored form entry (the entry also carries its form name). */
function bodyOf(form: SubmittedForm): ContactRequestBody {
  const { name, storeName, email, phone, message } = form as Partial<Record<keyof ContactRequestBody, string>>;
  return {
    name: name ?? '',
    storeName: storeName || undefined,
    email: email ?? '',
    phone: phone || undefined,
    message: message ?? '',
  };
}

function senderFor(endpoint: ContactEndpoint): FormSender {
  return async (form, dispatch) => {
    const request = dispatch(endpoint.initiate(bodyOf(form)));
    try {
      await request.unwrap();
    } catch (err) {
      // The server's own words for what the user can fix (a field, too many messages); else the spec's text.
      const status = (err as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500)
        throw new FormRefused(errorMessage(err, FORM_SUBMIT_FAILED));
      throw err;
    } finally {
      request.reset();
    }
  };
}

setFormSender(PUBLIC_CONTACT_FORM, senderFor(contactApi.endpoints.sendContactRequest));
setFormSender(RETAILER_CONTACT_FORM, senderFor(contactApi.endpoints.sendRetailerMessage));
