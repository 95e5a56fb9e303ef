/* memory.h — the names of the memory models atomsim runs (--memory), for
 * the cpus to name their own; each model's table and rules are
 * core/memory-model.h's. */
#ifndef ATOMSIM_MEMORY_H
#define ATOMSIM_MEMORY_H

enum memory_model {
    MEMORY_SC,
    MEMORY_TSO,
    MEMORY_PSO,
    MEMORY_ARM,
    MEMORY_RVWMO,
    MEMORY_MODELS
};

/* A set of models, one bit each. */
#define MEMORY_BIT(model) (1u << (model))

#endif
