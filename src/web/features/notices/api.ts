import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeChannel, NoticeChoices, NoticeKind } from '@domain/notice-kinds';
import type { NoticesApi } from '@server/modules/notices/routes';
import { apiClient, call } from '@web/lib/api';
import { pushState, subscribeThisDevice, unsubscribeThisDevice } from '@web/lib/push';
import { accountKeys } from '@web/lib/query-keys';

// Members choose their channels. /api/docs, Notifications.

const notices = apiClient<NoticesApi>();

export function useNoticeChoices() {
  return useQuery({ queryKey: accountKeys.notices, queryFn: () => call(notices.profile.notices.$get()) });
}

export function useSetNoticeChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: NoticeKind; channel: NoticeChannel; enabled: boolean }) =>
      call(notices.profile.notices.$put({ json: change })),
    // The switch moves at once; a refusal puts it back.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: accountKeys.notices });
      const before = queryClient.getQueryData<NoticeChoices>(accountKeys.notices);
      if (before) {
        queryClient.setQueryData<NoticeChoices>(accountKeys.notices, {
          ...before,
          choices: before.choices.map((c) =>
            c.kind === change.kind ? { ...c, [change.channel]: change.enabled } : c,
          ),
        });
      }
      return { before };
    },
    onError: (_err, _change, context) => {
      if (context?.before) queryClient.setQueryData(accountKeys.notices, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.notices, saved),
  });
}

/** This browser: whether it can receive push, and whether it does. */
export function usePushDevice() {
  return useQuery({
    queryKey: accountKeys.pushDevice,
    queryFn: pushState,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Turns push on for this device: the browser's permission prompt, its subscription, saved on the server. */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await call(notices.notices['push-key'].$get());
      const subscription = await subscribeThisDevice(publicKey);
      const { endpoint, keys } = subscription;
      if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('unsupported');
      return call(
        notices.profile['push-subscriptions'].$post({
          json: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
        }),
      );
    },
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.notices, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.pushDevice }),
  });
}

export function useDisablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisDevice();
      if (!endpoint) return null;
      return call(notices.profile['push-subscriptions'].$delete({ query: { endpoint } }));
    },
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(accountKeys.notices, saved);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.pushDevice }),
  });
}
