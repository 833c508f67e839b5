import { NotFound } from '@cinema/ui';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return <NotFound onHome={() => navigate('/')} />;
}
