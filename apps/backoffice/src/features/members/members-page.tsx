import { Route, Routes } from 'react-router';
import { MemberDetailPage } from './member-detail.tsx';
import { MemberSearch } from './member-search.tsx';

/** /admin/members (search) and /admin/members/:id (the member page). */
export default function MembersPage() {
  return (
    <Routes>
      <Route index element={<MemberSearch />} />
      <Route path=":id" element={<MemberDetailPage />} />
    </Routes>
  );
}
