/** The contact inquiries' own words (the spec describes no admin screen). */
export const INQUIRY_TEXTS = {
  title: 'Contact inquiries',
  onlyUnanswered: 'Only unanswered inquiries',
  empty: 'No inquiries yet.',
  noUnanswered: 'Every inquiry is answered.',
  unread: 'Unread',
  answered: 'Answered',
  back: 'Back to the inquiries',
  answer: 'Answer by e-mail',
  send: 'Send answer',
  sent: 'Your answer is on its way to the sender by e-mail.',
  answerMissing: 'Write the answer first.',
  yourAnswer: 'The answer sent',
} as const;

/** The longest answer the API takes (AnswerInquiryBody). */
export const INQUIRY_ANSWER_MAX = 4000;
