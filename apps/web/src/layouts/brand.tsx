// The distributor's logo when the sign-in supplied one, else the product mark and name. Plain
// elements styled by frame.css.
import { Link as RouterLink } from 'react-router';
import { APP_NAME } from '../components/app-name';
import { storefrontFilledIcon } from '../components/ui/material-icons';
import { SvgIcon } from '../components/ui/svg-icon';
import './frame.css';

export function Brand({ logo, to = '/', compact = false }: { logo?: string | null; to?: string; compact?: boolean }) {
  return (
    <RouterLink to={to} aria-label={APP_NAME} className="fr-brand">
      {logo ? (
        <img src={logo} alt="" className={compact ? 'fr-brand__logo fr-brand__logo--compact' : 'fr-brand__logo'} />
      ) : (
        <span className="fr-brand__mark">
          <SvgIcon icon={storefrontFilledIcon} small />
        </span>
      )}
      {compact ? null : (
        <span className="fr-brand__name">
          Wholesale
          <span className="fr-brand__sub">Ordering Portal</span>
        </span>
      )}
    </RouterLink>
  );
}
