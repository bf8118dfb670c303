/**
 * Task routes (`docs/api.md`; rules in `docs/product.md`, Tasks), scoped to the logged-in user:
 * - `GET /api/tasks` → 200 the open tasks and those done in the last TASK_HISTORY_DAYS days, in
 *   list order, each with its actual count (completed focus sessions recorded with it).
 * - `POST /api/tasks` {clientId, title, estimate} → 201 the task, added at the end of the list;
 *   a repeat of a clientId answers 200 with the original; 409 beyond MAX_OPEN_TASKS open tasks.
 * - `PUT /api/tasks/:id` {title?, estimate?, done?} → 200 the task; 409 when reopening passes
 *   MAX_OPEN_TASKS.
 * - `POST /api/tasks/reorder` {ids} → 200 the list, the listed tasks in that order among the
 *   places they held.
 * - `DELETE /api/tasks/:id` → 204; its sessions stay and count for no task.
 * Another user's task id answers 404, as a missing one does.
 * Every change that succeeds tells the user's live connections `tasks_changed`, so their other
 * tabs and devices load the list again.
 */
import { recordIdParamsSchema, taskCreateSchema, taskListSchema, taskReorderSchema, taskSchema, taskUpdateSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createTask, editTask, listUserTasks, removeTask, reorderTasks } from "../../domain/tasks";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

const taskRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);
  fastify.addHook("onResponse", async (request, reply) => {
    if (request.method !== "GET" && reply.statusCode < 300) fastify.liveHub.notifyUser(userOf(request).id, { type: "tasks_changed" });
  });

  fastify.get("/tasks", { schema: { response: { 200: taskListSchema } } }, async (request) =>
    listUserTasks(fastify.db, userOf(request).id, Date.now()),
  );

  fastify.post(
    "/tasks",
    { schema: { body: taskCreateSchema, response: { 200: taskSchema, 201: taskSchema } } },
    async (request, reply) => {
      const { task, created } = await createTask(fastify.db, userOf(request).id, request.body, Date.now());
      return reply.code(created ? 201 : 200).send(task);
    },
  );

  fastify.post("/tasks/reorder", { schema: { body: taskReorderSchema, response: { 200: taskListSchema } } }, async (request) =>
    reorderTasks(fastify.db, userOf(request).id, request.body.ids, Date.now()),
  );

  fastify.put(
    "/tasks/:id",
    { schema: { params: recordIdParamsSchema, body: taskUpdateSchema, response: { 200: taskSchema } } },
    async (request) => editTask(fastify.db, userOf(request).id, request.params.id, request.body, Date.now()),
  );

  fastify.delete("/tasks/:id", { schema: { params: recordIdParamsSchema } }, async (request, reply) => {
    await removeTask(fastify.db, userOf(request).id, request.params.id);
    return reply.code(204).send();
  });
};

export default routePlugin(taskRoutes, "taskRoutes");
