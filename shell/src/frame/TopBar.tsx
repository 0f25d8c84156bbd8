import { hashtagUrl, messagingAppUrl, RemoteSlot, useBusState, useDismiss } from '@shop/shared';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { TODAYS_MISSION_TEXT } from './constants';
import styles from './TopBar.module.css';

/**
 * The strip above the header (spec 000 §1): customer service through the messaging app, the
 * hashtag, 'Today's Mission', and the place of the member remote's notifications button (members only). It
 * scrolls away; only the header below it sticks.
 */
export function TopBar(): ReactNode {
  const startup = useBusState('startup');
  const member = useBusState('session').user?.type === 'Member';
  const chat = startup ? messagingAppUrl(startup.config.phone) : null;
  const hashtag = startup?.config.hashtag ?? '';
  const hashtagLink = hashtagUrl(hashtag);
  return (
    <div className={styles.topBar}>
      <div className={styles.inner}>
        {chat ? (
          <a href={chat} target="_blank" rel="noopener noreferrer" className={styles.link}>
            <span aria-hidden="true">☎</span> Customer service
          </a>
        ) : null}
        {hashtagLink ? (
          <a href={hashtagLink} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {hashtag}
          </a>
        ) : null}
        <TodaysMission />
        {/* Notifications are the member area's (a guest's token is refused them): the member
            remote loads only for a signed-in member. */}
        {member ? (
          <span className={styles.notifications}>
            <RemoteSlot module="member/NotificationsButton" />
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** 'Today's Mission': a button with a popover; Escape or a click outside closes it. */
function TodaysMission(): ReactNode {
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const wrap = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrap, button);
  return (
    <span className={styles.mission} ref={wrap}>
      <button
        ref={button}
        type="button"
        className={styles.missionButton}
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">★</span> Today&apos;s Mission
      </button>
      <span id={popoverId} role="status" className={styles.popover} hidden={!open}>
        {open ? TODAYS_MISSION_TEXT : null}
      </span>
    </span>
  );
}
