// Send statement / Send reminder: one click from the ageing list or the ledger, after a confirmation.
// The server's refusal (no e-mail address, nothing past due) replaces the question.
import type { SendKind } from '@portal/shared/receivables/receivables.schemas';
import { useState } from 'react';
import { ConfirmModal } from '../../components/form-modal';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { SEND_FAILED, useSendToStoreMutation } from './receivables.api';

export interface SendTarget {
  kind: SendKind;
  customerId: string;
  companyName: string;
}

export const sendQuestion = (t: SendTarget) =>
  t.kind === 'statement'
    ? `E-mail ${t.companyName} a statement of its account? It goes to the store's address and its users'.`
    : `E-mail ${t.companyName} a reminder of what is past due? It goes to the store's address and its users'.`;

export function SendConfirm({ target, onClose }: { target: SendTarget; onClose: () => void }) {
  const [send, state] = useSendToStoreMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const onConfirm = async () => {
    try {
      const answer = await send({ customerId: target.customerId, kind: target.kind }).unwrap();
      notify.success(`${answer.message} to ${answer.data.recipients.join(', ')}`);
      onClose();
    } catch (err) {
      setRefusal(errorMessage(err, SEND_FAILED));
    }
  };
  return (
    <ConfirmModal
      title={target.kind === 'statement' ? 'Send statement' : 'Send reminder'}
      confirmLabel={target.kind === 'statement' ? 'Send statement' : 'Send reminder'}
      destructive={false}
      busy={state.isLoading}
      refusal={refusal}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    >
      {sendQuestion(target)}
    </ConfirmModal>
  );
}
