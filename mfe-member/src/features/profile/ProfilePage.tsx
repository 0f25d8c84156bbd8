import { ErrorPanel, Skeleton, useDocumentTitle, useLoaded } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import {
  ALTERNATE_EMAIL_PATH,
  INTERESTS_PATH,
  NOT_GIVEN,
  PROFILE_PROMPTS,
  PROFILE_TITLE,
  PROFILE_UPDATE_PATH,
} from './constants';
import styles from './profile.module.css';
import { loadProfileOverview } from './referenceLists';

/**
 * /member/profile (spec 001 §2.7): the account overview, and a prompt for each flag of
 * `buyers/profile-stats` linking to the form that settles it.
 */
export function ProfilePage(): ReactNode {
  useDocumentTitle(PROFILE_TITLE);
  const loaded = useLoaded('member:profile-overview', loadProfileOverview, { maxAgeMs: 0 });
  if (loaded.status === 'failed') return <ErrorPanel onRetry={loaded.retry} />;
  if (loaded.status !== 'ready') return <Skeleton shape="page" label="Loading your profile" />;
  const { stats, countries, ageGroups } = loaded.data;
  const profile = loaded.data.profile.user;
  const prompts = PROFILE_PROMPTS.filter((prompt) => stats[prompt.flag]);
  const rows: [string, string | null | undefined][] = [
    ['Name', `${profile.first_name} ${profile.last_name}`],
    ['Email', profile.email],
    ['Mobile', profile.mobile],
    ['Country', countries.list.find((country) => country.id === profile.country_id)?.name],
    ['Gender', profile.gender],
    ['Age group', ageGroups.list.find((group) => group.id === profile.age_group)?.name],
    ['Alternate email', profile.alternate_email],
  ];

  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">{PROFILE_TITLE}</h1>
      {prompts.length > 0 ? (
        <ul className={styles.prompts} aria-label="To do">
          {prompts.map((prompt) => (
            <li key={prompt.flag} className={styles.prompt}>
              {prompt.text} <Link to={prompt.to}>{prompt.link}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className={styles.overview}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || NOT_GIVEN}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.links}>
        <Link to={PROFILE_UPDATE_PATH}>Update profile</Link>
        <Link to={ALTERNATE_EMAIL_PATH}>Alternate email</Link>
        <Link to={INTERESTS_PATH}>Interests</Link>
      </p>
    </section>
  );
}
