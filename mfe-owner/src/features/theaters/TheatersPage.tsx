import { buttonClassName, Page } from '@cinema/ui';
import { Link } from 'react-router-dom';
import { TheaterList } from './TheaterList';

export function TheatersPage() {
  return (
    <Page
      title="Theaters"
      intro={
        <>
          <p>The theaters you own.</p>
          <Link to="/owner/add-theater" className={buttonClassName({ size: 'small' })}>
            Add Theater
          </Link>
        </>
      }
    >
      <TheaterList />
    </Page>
  );
}
