import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type AuthProviders, fetchProviders } from '../lib/auth-client';

/** The API's sign-in providers; when they cannot be fetched, the spec sends the user to the error page. */
export function useAuthProviders(): AuthProviders | null {
  const navigate = useNavigate();
  const [providers, setProviders] = useState<AuthProviders | null>(null);
  useEffect(() => {
    let isActive = true;
    fetchProviders().then(
      (result) => isActive && setProviders(result),
      () => isActive && navigate('/auth-error?error=Configuration', { replace: true }),
    );
    return () => {
      isActive = false;
    };
  }, [navigate]);
  return providers;
}
