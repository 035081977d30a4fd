import { BrowserRouter, Route, Routes } from 'react-router';
import { NotFound } from '../shared/NotFound.tsx';
import { Landing } from './Landing.tsx';
import './portal.css';

/** Signed-out and client pages: the small bundle, without react-admin or Material UI. */
export default function PublicApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
