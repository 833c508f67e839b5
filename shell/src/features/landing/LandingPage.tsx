import { Button, PageTitle } from '@cinema/ui';
import { useNavigate } from 'react-router-dom';
import styles from './LandingPage.module.css';

const FEATURES = [
  { title: 'Choose Theater', text: 'Find a theater near you and see what is running.' },
  { title: 'Select Movie', text: 'Pick a movie and a show time that suits you.' },
  { title: 'Book Tickets', text: 'Choose your seats on the seat map and pay in seconds.' },
];

export function LandingPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <PageTitle>Book movie tickets in a few clicks</PageTitle>
        <p className={styles.tagline}>
          Browse theaters, pick a show, choose your seats and book your movie tickets online.
        </p>
        <div className={styles.actions}>
          <Button onClick={() => navigate('/auth/signup')}>Get Started</Button>
          <Button variant="secondary" onClick={() => navigate('/auth/login')}>
            Browse Theaters
          </Button>
        </div>
      </section>
      <ul className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
