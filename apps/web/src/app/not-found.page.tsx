import { Link } from '@tanstack/react-router';
import { buttonClass } from '../components/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center">
      <p className="text-4xl font-semibold text-gray-300">404</p>
      <h1 className="text-lg font-semibold text-gray-900">Page not found</h1>
      <p className="text-sm text-muted">The page you are looking for does not exist or was moved.</p>
      <Link to="/dashboard" className={buttonClass('primary')}>
        Go to dashboard
      </Link>
    </div>
  );
}
