import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';

export const backLink = (
  <Link to="/subcontractors" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
    <ArrowLeft size={14} aria-hidden="true" /> Subcontractors
  </Link>
);
