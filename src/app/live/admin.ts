import {
  addGroupRole,
  createGroup,
  createUser,
  fetchGroupRoles,
  fetchGroups,
  fetchRoles,
  fetchUsers,
  removeGroupRole,
} from '../../services/portal-api';
import { exportRequestAudit, fetchRequestAudit, queueMachine, requestMachine } from '../../services/approvals';
import { adminChanges, listing, loading } from './lists';

/** The users, security, audit and approval screens' live logic. */
export const resourceLists = {
  users: adminChanges({ fetchPage: fetchUsers, createItem: createUser }),
  groups: adminChanges({ fetchPage: fetchGroups, createItem: createGroup }),
  groupRoles: adminChanges({ fetchPage: fetchGroupRoles, createItem: addGroupRole, removeItem: removeGroupRole }),
  requestAudit: listing({ fetchPage: fetchRequestAudit }),
};
export const roleCatalogue = loading(fetchRoles);
export const requestAuditExport = loading(exportRequestAudit);
export const approvalQueue = queueMachine;
export const approvalRequest = requestMachine;
