import { liveProcessExplorer } from '../../services/process-explorer';
import { notice } from '../notices';
import { machineById } from '../processes/machines';

/** The process explorer (issue 6): it draws and exports only the registry's machines. */
export const processExplorer = liveProcessExplorer(machineById, notice('error', 'processes:exportFailed'));
export { PROCESSES as processes } from '../processes/catalogue';
