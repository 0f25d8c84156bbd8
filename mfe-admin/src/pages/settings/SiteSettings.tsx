import {
  type AdminSiteSettingsView,
  HASHTAG_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SOCIAL_CHANNEL_NAMES,
  SOCIAL_URL_MAX_LENGTH,
  type SocialChannelName,
} from '@shop/contract/schemas/shopSettings';
import { ErrorPanel, shownData } from '@shop/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import styles from './settings.module.css';

export const SITE_TEXTS = {
  title: 'Shop contact and social channels',
  loading: 'Loading the shop’s contact details…',
  hint: 'Shown in the header and footer of every page of the shop, from its next page.',
  phone: 'Phone',
  hashtag: 'Hashtag',
  channelsHint: 'An https address shows the channel in the footer; an empty field hides it.',
  save: 'Save contact and channels',
  saved: 'Saved: the shop shows the new contact details now.',
} as const;

const CHANNEL_LABELS: Record<SocialChannelName, string> = {
  facebook: 'Facebook address',
  twitter: 'X (Twitter) address',
  instagram: 'Instagram address',
  linkedin: 'LinkedIn address',
  youtube: 'YouTube address',
};

type Texts = { phone: string; hashtag: string } & Record<SocialChannelName, string>;

const textsOf = (settings: AdminSiteSettingsView): Texts => ({
  phone: settings.phone,
  hashtag: settings.hashtag,
  ...(Object.fromEntries(
    SOCIAL_CHANNEL_NAMES.map((channel) => [channel, settings.social_channels[channel] ?? '']),
  ) as Record<SocialChannelName, string>),
});

/**
 * The shop's phone, hashtag and social channels (owners only: GET and PUT admin/site-settings),
 * on the Settings page. Each field's refusal (a phone with letters, an address that is not https)
 * is shown at the field, named by the API's 400.
 */
export function SiteSettings(): ReactNode {
  const id = useId();
  const loaded = useAdminRead('admin/site-settings');
  const settings = shownData(loaded);
  return (
    <section aria-labelledby={`${id}-title`} className={styles.form}>
      <h2 id={`${id}-title`}>{SITE_TEXTS.title}</h2>
      <p className={styles.hint}>{SITE_TEXTS.hint}</p>
      {loaded.status === 'failed' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !settings ? (
        <p role="status">{SITE_TEXTS.loading}</p>
      ) : (
        <SiteSettingsForm settings={settings} />
      )}
    </section>
  );
}

function SiteSettingsForm({ settings }: { settings: AdminSiteSettingsView }): ReactNode {
  const id = useId();
  const [texts, setTexts] = useState(() => textsOf(settings));
  const [saved, setSaved] = useState<string | null>(null);
  const [action, run] = useAdminAction();
  const refusalAt = (field: string) => action.refusal?.fields[field] ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const social_channels = Object.fromEntries(
      SOCIAL_CHANNEL_NAMES.map((channel) => [channel, texts[channel].trim() || null]),
    ) as AdminSiteSettingsView['social_channels'];
    void run(
      () =>
        adminApi.put('admin/site-settings', {
          phone: texts.phone.trim(),
          hashtag: texts.hashtag.trim(),
          social_channels,
        }),
      (answer) => {
        setTexts(textsOf(answer));
        setSaved(SITE_TEXTS.saved);
        refreshAdminReads('admin/site-settings');
      },
    );
  };

  const field = (key: keyof Texts, label: string, props: Record<string, unknown>, apiField: string = key) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        name={key}
        autoComplete="off"
        value={texts[key]}
        onChange={(event) => setTexts({ ...texts, [key]: event.target.value })}
        aria-invalid={refusalAt(apiField) ? true : undefined}
        {...props}
      />
    </div>
  );

  return (
    <form className={styles.fields} onSubmit={submit} noValidate>
      {field('phone', SITE_TEXTS.phone, { type: 'tel', maxLength: PHONE_MAX_LENGTH })}
      {field('hashtag', SITE_TEXTS.hashtag, { maxLength: HASHTAG_MAX_LENGTH })}
      <p className={styles.hint}>{SITE_TEXTS.channelsHint}</p>
      {SOCIAL_CHANNEL_NAMES.map((channel) => (
        <div key={channel}>
          {field(
            channel,
            CHANNEL_LABELS[channel],
            { type: 'url', inputMode: 'url', maxLength: SOCIAL_URL_MAX_LENGTH },
            `social_channels.${channel}`,
          )}
        </div>
      ))}
      <Refusal refusal={action.refusal} />
      <button type="submit" disabled={action.busy}>
        {SITE_TEXTS.save}
      </button>
      <DoneNote note={saved} className={styles.saved} />
    </form>
  );
}
