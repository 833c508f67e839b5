import { buttonClassName, Page } from '@cinema/ui';
import { Link } from 'react-router-dom';
import { ShowList } from './ShowList';

export function ShowsPage() {
  return (
    <Page
      title="Shows"
      intro={
        <>
          <p>Shows in your theaters, newest first.</p>
          <Link to="/owner/add-show" className={buttonClassName({ size: 'small' })}>
            Add Show
          </Link>
        </>
      }
    >
      <ShowList />
    </Page>
  );
}
