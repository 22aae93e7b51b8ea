import {
  adminReturnEndpoints,
  type ChargebackDecisionBody,
  merchantReturnEndpoints,
  type RefundDecisionBody,
  type RefundDecisionOutcome,
  type RefundRecordStatus,
  type ReturnStatus,
  type UpdateReturnStatusBody,
} from '@market/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';
import { RETURN_MESSAGES, returnsKeys } from './returns-keys';

export type ReturnsViewer = 'merchant' | 'admin';

export interface StaffReturnsQuery {
  page: number;
  status?: ReturnStatus;
  disputed?: 'true';
}

export function useStaffReturns(viewer: ReturnsViewer, query: StaffReturnsQuery) {
  const full = { ...query, limit: 20 };
  return useQuery({
    queryKey: returnsKeys.staff(viewer, full),
    queryFn: async ({ signal }) =>
      viewer === 'merchant'
        ? (await api(merchantReturnEndpoints.list, { kind: 'merchant', query: full, signal })).data
        : (await api(adminReturnEndpoints.list, { kind: 'admin', query: full, signal })).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: RETURN_MESSAGES.returns } },
  });
}

export function useStaffReturn(viewer: ReturnsViewer, id: string) {
  return useQuery({
    queryKey: returnsKeys.one(viewer, id),
    queryFn: async ({ signal }) =>
      viewer === 'merchant'
        ? (await api(merchantReturnEndpoints.one, { kind: 'merchant', params: { id }, signal })).data
        : (await api(adminReturnEndpoints.one, { kind: 'admin', params: { id }, signal })).data,
    enabled: Boolean(id),
    meta: { toast: false },
  });
}

function useReturnMutation<T>(run: (input: T) => Promise<{ message: string }>) {
  return useNotifiedMutation(run, { invalidate: returnsKeys.all, fallback: RETURN_MESSAGES.failed });
}

export function useUpdateReturnStatus(viewer: ReturnsViewer, id: string) {
  return useReturnMutation((body: UpdateReturnStatusBody) =>
    api(merchantReturnEndpoints.updateStatus, { kind: viewer, params: { id }, body }),
  );
}

export function useRefundDecision(id: string) {
  return useReturnMutation((body: RefundDecisionBody) =>
    api(merchantReturnEndpoints.refundDecision, { kind: 'merchant', params: { id }, body }),
  );
}

export function useUphold(id: string) {
  return useReturnMutation(({ decision, note }: { decision: 'refund' | 'replace'; note?: string }) =>
    api(decision === 'refund' ? adminReturnEndpoints.returnOrder : adminReturnEndpoints.replaceOrder, {
      kind: 'admin',
      params: { id },
      body: { note },
    }),
  );
}

export function useChargebackDecision(id: string) {
  return useReturnMutation((body: ChargebackDecisionBody) =>
    api(adminReturnEndpoints.chargebackDecision, { kind: 'admin', params: { id }, body }),
  );
}

export function useRefundRequests(page: number, status?: RefundRecordStatus | 'needs_attention') {
  const query = {
    page,
    limit: 20,
    ...(status === 'needs_attention' ? { needsAttention: 'true' as const } : status ? { status } : {}),
  };
  return useQuery({
    queryKey: returnsKeys.refunds(query),
    queryFn: async ({ signal }) =>
      (await api(adminReturnEndpoints.refunds, { kind: 'admin', query, signal })).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: RETURN_MESSAGES.refunds } },
  });
}

export function useRetryRefund() {
  return useReturnMutation((id: string) =>
    api(adminReturnEndpoints.retryRefund, { kind: 'admin', params: { id } }),
  );
}

/** Card-holder disputes of our payments (Paystack charge.dispute.*), open ones first. */
export function useCardDisputes(page: number) {
  const query = { page, limit: 20 };
  return useQuery({
    queryKey: returnsKeys.cardDisputes(query),
    queryFn: async ({ signal }) =>
      (await api(adminReturnEndpoints.cardDisputes, { kind: 'admin', query, signal })).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: RETURN_MESSAGES.cardDisputes } },
  });
}

/** Who bears a card dispute's money, with an internal reason. */
export function useCardDisputeBearer() {
  return useReturnMutation(({ id, ...body }: { id: string } & ChargebackDecisionBody) =>
    api(adminReturnEndpoints.cardDisputeBearer, { kind: 'admin', params: { id }, body }),
  );
}

/** An admin decides a refund the provider did not make: rejected, or paid another way; the reason is required. */
export function useRejectRefund() {
  return useReturnMutation(
    ({ id, outcome, note }: { id: string; outcome: RefundDecisionOutcome; note: string }) =>
      api(adminReturnEndpoints.rejectRefund, { kind: 'admin', params: { id }, body: { outcome, note } }),
  );
}
