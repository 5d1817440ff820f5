import type { CustomerRecord } from '@rostra/core/api/customers';
import type { ProjectTaskRecord } from '@rostra/core/api/project-tasks';
import { useQuery } from '@tanstack/react-query';
import { useShell } from '../../../shell/shell-context.tsx';
import { allQuery } from '../api.ts';
import { RecordDrawer } from '../record-directory.tsx';
import { TASKS_TEXT as K } from '../texts.ts';
import { TaskSections } from './task-sections.tsx';

/**
 * A project task opened by `?task_id=` over whatever screen is shown (spec §2), with the event
 * `calevent_id` names marked among its events; read only (editing is the task screen's). The
 * server answers a task only in the caller's organisation and, for roles other than dispatcher,
 * only when they are on its readers list: any other shows 'This record does not exist or you may
 * not see it.'
 */
export function TaskOverlay({
  taskId,
  eventId,
  onClose,
}: {
  taskId: string;
  eventId: string | undefined;
  onClose: () => void;
}) {
  const { role } = useShell();
  const isDispatcher = role === 'dispatcher';
  const customers = useQuery({ ...allQuery<CustomerRecord>('/customers'), enabled: isDispatcher }).data ?? [];
  return (
    <RecordDrawer<ProjectTaskRecord>
      collection="/project-tasks"
      id={taskId}
      title={(t) => t.name || t._id}
      fallbackTitle={K.title}
      testId="task-overlay"
      canWrite={false}
      onEdit={() => undefined}
      deleteWhat={() => ''}
      onClose={onClose}
      sections={(t) => <TaskSections t={t} customers={customers} focusedEvent={eventId} />}
    />
  );
}
