import { CONTACT_MESSAGE_MAX, contactSchema } from '@shop/contract/validation';
import { MESSAGES } from '@shop/contract/validation/messages';
import { shownData, useBusState, useTimeouts } from '@shop/shared';
import { FormFeedback, type FormOutcome, formStyles, TextAreaField, TextField } from '@shop/shared/form';
import { Form, Formik } from 'formik';
import { type ReactNode, useState } from 'react';
import { SafeHtml } from '../../app/SafeHtml';
import { FORM_FEEDBACK_MS } from '../../constants';
import { usePageMeta } from '../../usePageMeta';
import { sendContactInquiry, usePageContentQuery } from './api';
import styles from './content.module.css';

export const CONTACT_SUCCESS = 'Thank you for contacting us. We will get back to you soon.';
const CONTACT_DESCRIPTION = 'Send us an inquiry, or reach us by phone, WhatsApp or e-mail.';

/** wa.me takes the number in international form, digits only. */
export function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** /contact: the inquiry form, plus phone, WhatsApp and e-mail from page content or configuration. */
export function ContactPage(): ReactNode {
  const data = shownData(usePageContentQuery('contact'));
  const startup = useBusState('startup');
  const heading = data?.heading || 'Contact Us';
  usePageMeta(heading, CONTACT_DESCRIPTION);
  const phone = data?.phone || startup?.config.phone || null;
  const whatsapp = data?.whatsapp || startup?.config.phone || null;
  const email = data?.email || null;
  return (
    <div className={styles.page}>
      <h1>{heading}</h1>
      {data?.content ? <SafeHtml html={data.content} className={styles.content} /> : null}
      <div className={styles.contactLayout}>
        <ContactForm />
        <section aria-labelledby="contact-ways" className={styles.contactWays}>
          <h2 id="contact-ways">Reach us</h2>
          <dl>
            {phone ? (
              <div>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                </dd>
              </div>
            ) : null}
            {whatsapp ? (
              <div>
                <dt>WhatsApp</dt>
                <dd>
                  <a href={whatsappLink(whatsapp)} target="_blank" rel="noopener noreferrer">
                    {whatsapp}
                  </a>
                </dd>
              </div>
            ) : null}
            {email ? (
              <div>
                <dt>E-mail</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      </div>
    </div>
  );
}

const EMPTY = { full_name: '', email: '', message: '' };

export function ContactForm(): ReactNode {
  const later = useTimeouts();
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  return (
    <Formik
      initialValues={EMPTY}
      validationSchema={contactSchema}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        setFeedback(null);
        const outcome = await sendContactInquiry({
          full_name: values.full_name.trim(),
          email: values.email.trim(),
          message: values.message.trim(),
        });
        if (outcome.ok) {
          setFeedback({ ok: true, message: CONTACT_SUCCESS });
          helpers.resetForm();
          later(() => setFeedback(null), FORM_FEEDBACK_MS);
        } else {
          for (const [field, message] of Object.entries(outcome.fields))
            helpers.setFieldError(field, message);
          setFeedback({ ok: false, message: MESSAGES.actionFailed });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form className={formStyles.form} noValidate aria-label="Contact us">
          <FormFeedback feedback={feedback} />
          <TextField name="full_name" label="Full name" autoComplete="name" />
          <TextField name="email" label="Email address" type="email" autoComplete="email" />
          {/* The spec gives 200 as the rule and 300 in the message; we apply 300 (CONTACT_MESSAGE_MAX) so
              the limit a shopper reads is the limit enforced. */}
          <TextAreaField name="message" label="Your inquiry" counterMax={CONTACT_MESSAGE_MAX} />
          <button type="submit" className={formStyles.primary} disabled={isSubmitting}>
            Send
          </button>
        </Form>
      )}
    </Formik>
  );
}
