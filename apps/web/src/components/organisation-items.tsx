import { MenuItem } from '@mui/material';
import type { OrganisationOption } from '../lib/organisation-options.ts';

/** The options of an organisation picker (a `TextField select`), by name, valued by id. */
export function organisationItems(organisations: OrganisationOption[] | undefined) {
  return (organisations ?? []).map((o) => (
    <MenuItem key={o.idOrganization} value={o.idOrganization}>
      {o.name}
    </MenuItem>
  ));
}
