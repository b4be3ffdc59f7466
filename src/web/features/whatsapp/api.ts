import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WhatsappApi } from '@server/modules/whatsapp/routes';
import { apiClient, call } from '@web/lib/api';
import { accountKeys, orderKeys } from '@web/lib/query-keys';

// WhatsApp chat links. /api/docs, WhatsApp.

const whatsapp = apiClient<WhatsappApi>();

export function useMyWhatsapp() {
  return useQuery({ queryKey: accountKeys.whatsapp, queryFn: () => call(whatsapp.profile.whatsapp.$get()) });
}

export function useSaveWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: string) => call(whatsapp.profile.whatsapp.$put({ json: { number, consent: true } })),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.whatsapp, saved),
  });
}

export function useRemoveWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(whatsapp.profile.whatsapp.$delete()),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.whatsapp, saved),
  });
}

export function useOrderWhatsapp(orderId: string) {
  return useQuery({
    queryKey: orderKeys.whatsapp(orderId),
    queryFn: () => call(whatsapp.orders[':id'].whatsapp.$get({ param: { id: orderId } })),
  });
}
