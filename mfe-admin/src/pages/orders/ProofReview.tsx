import { type ReactNode, useId } from 'react';
import { adminApi, refreshAdminReads } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { AdminImage } from '../../app/AdminImage';
import { formatAdminTime } from '../../app/formatAdminTime';
import { ReasonForm } from '../../app/ReasonForm';
import { Refusal } from '../../app/Refusal';
import styles from './OrderDetail.module.css';
import type { ShippingOrder } from './orderParts';

type Proof = ShippingOrder['proofs'][number];

export const PROOF_TEXTS = {
  title: 'Proofs of payment',
  none: 'No proof of payment uploaded.',
  confirm: 'Confirm proof',
  confirmComments: 'Comments for the buyer (optional)',
  reject: 'Reject proof',
  rejectComments: 'Why it is rejected (shown to the buyer)',
} as const;

/** The order's proofs, newest first as the API lists them; a Pending one is confirmed or rejected here. */
export function ProofReview({ order }: { order: ShippingOrder }): ReactNode {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`}>{PROOF_TEXTS.title}</h2>
      {order.proofs.length === 0 ? <p>{PROOF_TEXTS.none}</p> : null}
      <ul className={styles.proofs}>
        {order.proofs.map((proof) => (
          <li key={proof.id}>
            <ProofItem order={order} proof={proof} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProofItem({ order, proof }: { order: ShippingOrder; proof: Proof }): ReactNode {
  const [action, run] = useAdminAction();
  const done = () => refreshAdminReads('admin/orders');
  return (
    <article aria-label={`Proof of ${formatAdminTime(proof.created_at)}`}>
      <p>
        <span className={styles.strong}>{proof.status}</span> · uploaded {formatAdminTime(proof.created_at)}
      </p>
      {proof.comments ? <p>Buyer’s comments: {proof.comments}</p> : null}
      {proof.admin_comments ? <p>Shop’s comments: {proof.admin_comments}</p> : null}
      <AdminImage
        fileKey={String(proof.id)}
        load={() => adminApi.get('admin/proofs/:proofId/file', { params: { proofId: proof.id } })}
        alt="Proof of payment"
        downloadName={`${order.order_id}-proof-${proof.id}`}
      />
      {proof.status === 'Pending' ? (
        <div className={styles.decide}>
          <ReasonForm
            label={PROOF_TEXTS.confirmComments}
            submit={PROOF_TEXTS.confirm}
            busy={action.busy}
            required={false}
            onSubmit={(comments) =>
              run(
                () =>
                  adminApi.post('admin/proofs/:proofId/confirm', comments ? { comments } : {}, {
                    params: { proofId: proof.id },
                  }),
                done,
              )
            }
          />
          <ReasonForm
            label={PROOF_TEXTS.rejectComments}
            submit={PROOF_TEXTS.reject}
            busy={action.busy}
            onSubmit={(comments) =>
              run(
                () =>
                  adminApi.post(
                    'admin/proofs/:proofId/reject',
                    { comments },
                    { params: { proofId: proof.id } },
                  ),
                done,
              )
            }
          />
        </div>
      ) : null}
      <Refusal refusal={action.refusal} />
    </article>
  );
}
