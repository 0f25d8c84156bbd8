/** Moderation's own words (the spec describes no admin screen). */
export const MODERATION_TEXTS = {
  sections: 'Moderation',
  questionsTitle: 'Held questions',
  questionsEmpty: 'No question is waiting.',
  askedBy: 'Asked by',
  answer: 'Answer',
  sendAnswer: 'Answer and show',
  approve: 'Show without an answer',
  answered: 'The question is answered and shown on the product page.',
  approved: 'The question is shown on the product page.',
  answerMissing: 'Write the answer first.',
  reviewsTitle: 'Reviews',
  reviewsEmpty: 'No reviews here.',
  show: 'Which reviews',
  all: 'All',
  shownOnly: 'Shown',
  hiddenOnly: 'Hidden',
  hidden: 'Hidden',
  hide: 'Hide review',
  showAgain: 'Show review again',
  hiddenDone: 'The review is hidden from the product page and its rating.',
  shownDone: 'The review is shown on the product page again.',
} as const;

/** The longest answer the API takes (AnswerQuestionBody). */
export const QUESTION_ANSWER_MAX = 2000;
