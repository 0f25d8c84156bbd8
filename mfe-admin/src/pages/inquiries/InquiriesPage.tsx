import { Route, Routes } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { InquiryDetail } from './InquiryDetail';
import { InquiryList } from './InquiryList';

/** /admin/inquiries: the contact-us inquiries, one at /admin/inquiries/:id with its answer. */
export default function InquiriesPage(): ReactNode {
  return (
    <Routes>
      <Route index element={<InquiryList />} />
      <Route path=":id" element={<InquiryDetail />} />
    </Routes>
  );
}
