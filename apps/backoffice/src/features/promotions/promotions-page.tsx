import { Route, Routes } from 'react-router';
import { PromotionEditor } from './promotion-editor.tsx';
import { PromotionList } from './promotion-list.tsx';

/** /admin/promotions (the list), /admin/promotions/new and /admin/promotions/:id (the editor). */
export default function PromotionsPage() {
  return (
    <Routes>
      <Route index element={<PromotionList />} />
      <Route path=":id" element={<PromotionEditor />} />
    </Routes>
  );
}
