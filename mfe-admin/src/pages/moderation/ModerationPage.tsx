import { NavLink, Route, Routes } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { HeldQuestions } from './HeldQuestions';
import styles from './Moderation.module.css';
import { MODERATION_TEXTS } from './moderationTexts';
import { ReviewList } from './ReviewList';

/** /admin/moderation: held product questions (index) and reviews (/admin/moderation/reviews). */
export default function ModerationPage(): ReactNode {
  return (
    <div className={styles.page}>
      <nav aria-label={MODERATION_TEXTS.sections} className={styles.tabs}>
        <NavLink to="/admin/moderation" end>
          {MODERATION_TEXTS.questionsTitle}
        </NavLink>
        <NavLink to="/admin/moderation/reviews">{MODERATION_TEXTS.reviewsTitle}</NavLink>
      </nav>
      <Routes>
        <Route index element={<HeldQuestions />} />
        <Route path="reviews" element={<ReviewList />} />
      </Routes>
    </div>
  );
}
