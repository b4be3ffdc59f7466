import '@web/lib/words/notices';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import type { NoticeChannel, NoticeKind } from '@domain/notice-kinds';
import { errorMessage } from '@web/lib/api';
import { useNoticeChoices, useSetNoticeChoice } from '../api';

/** One switch: a checkbox with its label, saved when changed. */
function ChannelSwitch({
  kind,
  channel,
  checked,
  locked,
}: {
  kind: NoticeKind;
  channel: NoticeChannel;
  checked: boolean;
  locked?: boolean;
}) {
  const { t } = useTranslation('notices');
  const save = useSetNoticeChoice();
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
      <input
        type="checkbox"
        className="size-5 shrink-0 rounded border-stone-300 accent-brand-700 disabled:opacity-60"
        checked={checked}
        disabled={locked}
        aria-describedby={locked ? `${kind}-locked` : undefined}
        data-testid={`notice-${kind}-${channel}`}
        onChange={(e) =>
          save.mutate(
            { kind, channel, enabled: e.target.checked },
            {
              onSuccess: () => toast.success(t('choices.saved')),
              onError: (err) => toast.error(errorMessage(err, t('choices.failed'))),
            },
          )
        }
      />
      {t(`choices.${channel}`)}
    </label>
  );
}

/** Per notice kind, email and push on or off; account security and payment emails stay on. */
export function ChoicesSection() {
  const { t } = useTranslation('notices');
  const choices = useNoticeChoices();
  if (!choices.data) return null;
  return (
    <section
      aria-labelledby="notice-choices-heading"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <h2 id="notice-choices-heading" className="text-lg font-semibold text-stone-900">
        {t('choices.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('choices.description')}</p>
      <ul className="mt-4 divide-y divide-stone-200">
        {choices.data.choices.map((choice) => (
          <li
            key={choice.kind}
            className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6"
          >
            <div className="min-w-0">
              <h3 className="font-medium text-stone-900">{t(`kinds.${choice.kind}.title`)}</h3>
              <p className="text-sm text-stone-600">{t(`kinds.${choice.kind}.description`)}</p>
              {choice.emailLocked && (
                <p id={`${choice.kind}-locked`} className="mt-1 text-xs text-stone-500">
                  {t('choices.emailLocked')}
                </p>
              )}
            </div>
            <div className="grid shrink-0 grid-cols-[6rem_7rem] gap-2">
              <ChannelSwitch
                kind={choice.kind}
                channel="email"
                checked={choice.email}
                locked={choice.emailLocked}
              />
              {choice.push === null ? (
                <p className="flex min-h-11 items-center text-sm text-stone-500">{t('choices.noPush')}</p>
              ) : (
                <ChannelSwitch kind={choice.kind} channel="push" checked={choice.push} />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
